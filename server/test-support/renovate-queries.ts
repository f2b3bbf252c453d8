// Renovate's GraphQL queries, copied unchanged from renovatebot/renovate
// (lib/modules/platform/github/graphql.ts and its datasources), for tests that
// run them against Wharf as Renovate sends them.
// renovatebot/renovate lib/modules/platform/github/graphql.ts repoInfoQuery
export const repoInfoQuery = `
query($owner: String!, $name: String!) {
repository(owner: $owner, name: $name) {
  id
  isFork
  parent {
    nameWithOwner
  }
  isArchived
  nameWithOwner
  hasIssuesEnabled
  hasVulnerabilityAlertsEnabled
  autoMergeAllowed
  mergeCommitAllowed
  rebaseMergeAllowed
  squashMergeAllowed
  defaultBranchRef {
    name
    target {
      oid
    }
  }
}
}
`;
// vulnerabilityAlertsQuery(true) of the same file.
export const vulnerabilityAlertsQuery = `
query($owner: String!, $name: String!) {
repository(owner: $owner, name: $name) {
  vulnerabilityAlerts(last: 100, states: [OPEN]) {
    edges {
      node {
        dismissReason
        vulnerableManifestFilename
        vulnerableManifestPath
        vulnerableRequirements
        securityAdvisory {
          description
          identifiers { type value }
          references { url }
          severity
        }
        securityVulnerability {
          package { name ecosystem }
          firstPatchedVersion { identifier }
          vulnerableVersionRange
        }
      }
    }
  }
}
}
`;
// lib/util/github/graphql/util.ts prepareQuery around the tags and branches adapters' payloads.
export const prepareQuery = (payload: string) => `
  query($owner: String!, $name: String!, $cursor: String, $count: Int!) {
    repository(owner: $owner, name: $name) {
      isRepoPrivate: isPrivate
      payload: ${payload}
    }
  }
`;
export const tagsPayload = `
refs(
  first: $count
  after: $cursor
  orderBy: {field: TAG_COMMIT_DATE, direction: DESC}
  refPrefix: "refs/tags/"
) {
  pageInfo { hasNextPage endCursor }
  nodes {
    version: name
    target {
      type: __typename
      ... on Commit { oid releaseTimestamp: committedDate }
      ... on Tag {
        target { type: __typename ... on Commit { oid } ... on Tag { target { oid } } }
        tagger { releaseTimestamp: date }
      }
    }
  }
}`;
export const branchesPayload = `
refs(first: $count, after: $cursor, refPrefix: "refs/heads/") {
  pageInfo { hasNextPage endCursor }
  nodes { version: name target { type: __typename ... on Commit { oid releaseTimestamp: committedDate } } }
}`;
