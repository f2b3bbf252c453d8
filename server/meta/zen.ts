// GitHub's design principles, the sayings GET /zen and the Octocat answer with.
export const PRINCIPLES = [
  'Responsive is better than fast.',
  "It's not fully shipped until it's fast.",
  'Anything added dilutes everything else.',
  'Practicality beats purity.',
  'Approachable is better than simple.',
  'Mind your words, they are important.',
  'Speak like a human.',
  'Half measures are as bad as nothing at all.',
  'Encourage flow.',
  'Non-blocking is better than blocking.',
  'Favor focus over features.',
  'Avoid administrative distraction.',
  'Design for failure.',
  'Keep it logically awesome.',
] as const;

export function randomPrinciple(): string {
  return PRINCIPLES[Math.floor(Math.random() * PRINCIPLES.length)]!;
}
