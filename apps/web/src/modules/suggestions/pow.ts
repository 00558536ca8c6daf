// The suggestion box solves the portal's proof-of-work challenge (platform/challenge).
export { solveChallenge } from '../../platform/challenge/solve.ts';
