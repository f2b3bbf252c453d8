// GitHub Sponsors' fields of the Sponsorable interface, which users and
// organizations share: Wharf has no sponsorships, so each answers as GitHub
// does for an account that neither sponsors nor is sponsored.
export const SPONSORABLE_FIELDS = [
  'estimatedNextSponsorsPayoutInCents',
  'hasSponsorsListing',
  'isSponsoredBy',
  'isSponsoringViewer',
  'lifetimeReceivedSponsorshipValues',
  'monthlyEstimatedSponsorsIncomeInCents',
  'sponsoring',
  'sponsors',
  'sponsorsActivities',
  'sponsorsListing',
  'sponsorshipForViewerAsSponsor',
  'sponsorshipForViewerAsSponsorable',
  'sponsorshipNewsletters',
  'sponsorshipsAsMaintainer',
  'sponsorshipsAsSponsor',
  'totalSponsorshipAmountAsSponsorInCents',
  'viewerCanSponsor',
  'viewerIsSponsoring',
] as const;
