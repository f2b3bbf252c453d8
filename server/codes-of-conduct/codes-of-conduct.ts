// The two codes of conduct GitHub offers, under GitHub's keys. No well-kept
// package ships their texts, so Wharf names them and links to their public
// pages (`html_url`) and answers no `body` (GitHub's schema has it optional).
export interface CodeOfConduct {
  key: string;
  name: string;
  htmlUrl: string;
}

export const CODES_OF_CONDUCT: readonly CodeOfConduct[] = [
  {
    key: 'citizen_code_of_conduct',
    name: 'Citizen Code of Conduct',
    htmlUrl: 'https://github.com/stumpsyn/policies/blob/master/citizen_code_of_conduct.md',
  },
  {
    key: 'contributor_covenant',
    name: 'Contributor Covenant',
    htmlUrl: 'https://www.contributor-covenant.org/version/2/1/code_of_conduct/',
  },
];

export function codeOfConductByKey(key: string): CodeOfConduct | undefined {
  return CODES_OF_CONDUCT.find((code) => code.key === key.toLowerCase());
}
