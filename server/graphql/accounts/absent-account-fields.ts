// Fields of features Wharf lacks that users and organizations share (absentFields answers them).

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

// Packages, discussions and projects, which users and organizations own alike:
// Wharf has none, so each answers as for an account that never made one.
export const OWNED_CONTENT_FIELDS = [
  'packages',
  'repositoryDiscussions',
  'repositoryDiscussionComments',
  'project',
  'projects',
  'projectV2',
  'projectsV2',
  'recentProjects',
  'viewerCanCreateProjects',
] as const;
