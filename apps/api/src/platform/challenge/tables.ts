export interface ChallengeTables {
  /** Challenges already spent (single use), kept until they expire. */
  spent_challenge: {
    id: string;
    purpose: string;
    expires_at: Date;
  };
}
