import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { NODE_KINDS, type NodeType } from './node-kinds.js';
import { decodeNodeId, decodeNodeIdOf, encodeNodeId } from './node-id.js';

const b64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');
/** Builds a prefixed ID from raw payload bytes, bypassing the encoder. */
const raw = (prefix: string, bytes: number[]) => prefix + Buffer.from(bytes).toString('base64url');

const IDS = [1, 127, 128, 2 ** 31, Number.MAX_SAFE_INTEGER];

describe('kind table', () => {
  it('has 54 kinds with unique prefixes, types and one-byte codes', () => {
    expect(NODE_KINDS).toHaveLength(54);
    for (const key of ['code', 'prefix', 'type'] as const) {
      expect(new Set(NODE_KINDS.map((k) => k[key])).size).toBe(54);
    }
    for (const k of NODE_KINDS) expect(k.code >= 1 && k.code <= 255).toBe(true);
  });

  it('pins the kind codes (they are wire format: never renumber)', () => {
    expect(NODE_KINDS.map((k) => `${k.code}:${k.prefix}${k.type}`).join(' ')).toBe(
      '1:U_User 2:O_Organization 3:R_Repository 4:I_Issue 5:PR_PullRequest ' +
        '6:IC_IssueComment 7:PRR_PullRequestReview 8:PRRC_PullRequestReviewComment ' +
        '9:PRRT_PullRequestReviewThread 10:CR_CheckRun 11:CS_CheckSuite ' +
        '12:SC_StatusContext 13:LA_Label 14:MI_Milestone 15:CO_Commit ' +
        '16:RE_Reaction 17:RL_Release 18:RLA_ReleaseAsset 19:G_Gist 20:GC_GistComment ' +
        '21:BOT_Bot 22:A_App 23:IN_Installation 24:TR_Tree 25:BL_Blob 26:TG_Tag 27:CE_ClosedEvent 28:REE_ReopenedEvent ' +
        '29:AE_AssignedEvent 30:UAE_UnassignedEvent 31:LOE_LockedEvent 32:UNLE_UnlockedEvent 33:RTE_RenamedTitleEvent ' +
        '34:LE_LabeledEvent 35:ULE_UnlabeledEvent 36:MIE_MilestonedEvent 37:DME_DemilestonedEvent ' +
        '38:RRE_ReviewRequestedEvent 39:RRRE_ReviewRequestRemovedEvent 40:CTDE_ConvertToDraftEvent ' +
        '41:RFRE_ReadyForReviewEvent 42:ME_MergedEvent 43:HRDE_HeadRefDeletedEvent 44:PIN_PinnedIssue 45:T_Team 46:BPR_BranchProtectionRule ' +
        '47:AMEE_AutoMergeEnabledEvent 48:ASEE_AutoSquashEnabledEvent 49:AREE_AutoRebaseEnabledEvent 50:AMDE_AutoMergeDisabledEvent ' +
        '51:PA_PushAllowance 52:BPRA_BypassPullRequestAllowance 53:BFPA_BypassForcePushAllowance 54:RDA_ReviewDismissalAllowance',
    );
  });
});

describe('prefixed IDs', () => {
  it.each(NODE_KINDS.map((k) => [k.type, k.prefix] as const))('round-trips %s', (type, prefix) => {
    for (const id of IDS) {
      const encoded = encodeNodeId(type, id);
      expect(encoded.startsWith(prefix)).toBe(true);
      expect(encoded).toMatch(/^[A-Z]+_[A-Za-z0-9_-]+$/);
      expect(decodeNodeId(encoded)).toEqual({ type, id });
      expect(encodeNodeId(type, BigInt(id))).toBe(encoded);
    }
  });

  it('matches hand-built payloads (version, kind, LEB128 id)', () => {
    expect(encodeNodeId('User', 1)).toBe(raw('U_', [1, 1, 1]));
    expect(encodeNodeId('User', 128)).toBe('U_AQGAAQ'); // 128 = 0x80 0x01
    expect(encodeNodeId('Repository', 1296269)).toBe(raw('R_', [1, 3, 0x8d, 0x8f, 0x4f]));
    const maxSafe = raw('GC_', [1, 20, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f]);
    expect(encodeNodeId('GistComment', Number.MAX_SAFE_INTEGER)).toBe(maxSafe);
    expect(maxSafe).toHaveLength(17); // longest possible ID for this prefix
  });

  it('splits at the first underscore when the payload contains one', () => {
    expect(raw('U_', [1, 1, 0xff, 0x7f])).toBe('U_AQH_fw');
    expect(decodeNodeId('U_AQH_fw')).toEqual({ type: 'User', id: 0x7f + 0x7f * 128 });
    expect(decodeNodeId('U_AQH-fw')).toEqual({ type: 'User', id: 0x7e + 0x7f * 128 });
  });

  it.each([
    ['prefix does not match payload kind', raw('R_', [1, 1, 5])],
    ['version 2', raw('U_', [2, 1, 5])],
    ['version 0', raw('U_', [0, 1, 5])],
    ['overlong varint', raw('U_', [1, 1, 0x85, 0x00])],
    ['overlong zero', raw('U_', [1, 1, 0x80, 0x00])],
    ['trailing byte', raw('U_', [1, 1, 5, 0])],
    ['truncated varint', raw('U_', [1, 1, 0x85])],
    ['no id', raw('U_', [1, 1])],
    ['id 0', raw('U_', [1, 1, 0])],
    ['id 2^53', raw('U_', [1, 1, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x10])],
    ['unknown kind code', raw('U_', [1, 99, 5])],
    ['padding', 'U_AQGAAQ=='],
    ['single padding char', 'U_AQGAAQ='],
    ['standard alphabet +', 'U_AQH+fw'],
    ['standard alphabet /', 'U_AQH/fw'],
    ['non-canonical trailing bits', 'U_AQGAAR'],
    ['non-alphabet char', 'U_AQ.B'],
    ['whitespace', ' U_AQEB'],
    ['unknown prefix', 'X_AQEB'],
    ['lowercase prefix', 'u_AQEB'],
    ['prefix without underscore', 'UAQEB'],
    ['empty payload', 'U_'],
    ['bare underscore', '_AQEB'],
    ['doubled underscore', 'U__AQEB'],
    ['prototype key', 'constructor_AQEB'],
  ])('rejects %s', (_label, input) => {
    expect(decodeNodeId(input)).toBeNull();
  });
});

describe('legacy IDs', () => {
  it('decodes the known GitHub examples', () => {
    const repo = { type: 'Repository', id: 1296269 };
    expect(b64('Repository1296269')).toBe('UmVwb3NpdG9yeTEyOTYyNjk=');
    expect(decodeNodeId('UmVwb3NpdG9yeTEyOTYyNjk=')).toEqual(repo);
    expect(decodeNodeId('UmVwb3NpdG9yeTEyOTYyNjk')).toEqual(repo); // unpadded
    expect(decodeNodeId('MDEwOlJlcG9zaXRvcnkxMjk2MjY5')).toEqual(repo);
    // octocat in GitHub's REST docs: base64("04:User1"), tag is "0" + length.
    expect(decodeNodeId('MDQ6VXNlcjE=')).toEqual({ type: 'User', id: 1 });
  });

  it.each<[NodeType, number]>([
    ['User', 583231],
    ['PullRequest', 1],
    ['IssueComment', 128],
    ['PullRequestReviewComment', 2 ** 31],
    ['Gist', Number.MAX_SAFE_INTEGER],
  ])('decodes %s %d like the prefixed form', (type, id) => {
    const expected = decodeNodeId(encodeNodeId(type, id));
    expect(expected).toEqual({ type, id });
    expect(decodeNodeId(b64(`${type}${id}`))).toEqual(expected);
    expect(decodeNodeId(b64(`0${type.length}:${type}${id}`))).toEqual(expected);
    expect(decodeNodeIdOf(b64(`${type}${id}`), type)).toBe(id);
  });

  it.each([
    'Repository0',
    'Repository01',
    'Repository',
    '1296269',
    'Repository-1',
    'Repository1.5',
    'Repository 1',
    'Repository1 ',
    'Repository9007199254740992',
    'Repository12345678901234567',
    'Widget1',
    'repository1',
    'REPOSITORY1',
    'constructor1',
    '__proto__1',
    '011:Repository1',
    '10:Repository1',
    '0010:Repository1',
    '004:User1',
    '010Repository1',
    ':Repository1',
    '010:Repository0',
    'Repo\u00e9sitory1',
  ])('rejects base64(%j)', (text) => {
    expect(decodeNodeId(b64(text))).toBeNull();
  });

  it.each([
    ['wrong padding', 'UmVwb3NpdG9yeTEyOTYyNjk=='],
    ['url alphabet', 'MDQ6VXNlcjU4MzIzMQ-_'],
    ['non-canonical trailing bits', 'MDQ6VXNlcjF='],
    ['embedded newline', 'MDQ6\nVXNlcjE='],
  ])('rejects %s', (_label, input) => {
    expect(decodeNodeId(input)).toBeNull();
  });
});
