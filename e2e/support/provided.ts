/** What the browser tests' global setup provides to every test file (vitest inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The portal started for the run (demo province). */
    baseUrl: string;
    /** The web build the run's portals serve. */
    webDist: string;
    /** Password of the first administrator (`admin`) of the run's portals. */
    adminPassword: string;
  }
}

export {};
