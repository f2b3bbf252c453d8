// The Octocat of GET /octocat, drawn as GitHub draws it, with a speech bubble
// sized to its words. The words come from the query string, so they are
// reduced to one line of printable characters and capped: a long or
// multi-line `s` cannot make the answer large or break the drawing.
export const MAX_SPEECH_CHARS = 200;

const CAT = [
  '               MMM.           .MMM',
  '               MMMMMMMMMMMMMMMMMMM',
  '               MMMMMMMMMMMMMMMMMMM      ',
  '              MMMMMMMMMMMMMMMMMMMMM    ',
  '             MMMMMMMMMMMMMMMMMMMMMMM   ',
  '            MMMMMMMMMMMMMMMMMMMMMMMM   ',
  '            MMMM::- -:::::::- -::MMMM    |/',
  '             MM~:~ 00~:::::~ 00~:~MM',
  '        .. MMMMM::.00:::+:::.00::MMMMM ..',
  '              .MM::::: ._. :::::MM.',
  '                 MMMM;:::::;MMMM',
  '          -MM        MMMMMMM',
  '          ^  M+     MMMMMMMMM',
  '              MMMMMMM MM MM MM',
  '                   MM MM MM MM',
  '                   MM MM MM MM',
  '                .~~MM~MM~MM~MM~~.',
  '             ~~~~MM:~MM~~~MM~:MM~~~~',
  '            ~~~~~~==~==~~~==~==~~~~~~',
  '             ~~~~~~==~==~==~==~~~~~~',
  '                 :~==~==~==~==~~',
];

/** One line of printable characters: control characters and line breaks become spaces. */
export function speech(words: string): string {
  const line = Array.from(words.replace(/\p{Cc}/gu, ' '))
    .slice(0, MAX_SPEECH_CHARS)
    .join('');
  return line.trim();
}

export function octocat(words: string): string {
  const text = speech(words).padEnd(2, ' ');
  const width = Array.from(text).length;
  const lines = [...CAT];
  lines[2] += '_'.repeat(width + 2);
  lines[3] += `|${' '.repeat(width + 2)}|`;
  lines[4] += `| ${text} |`;
  lines[5] += `|_   ${'_'.repeat(width - 2)}|`;
  return `${lines.join('\n')}\n`;
}
