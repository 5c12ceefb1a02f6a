/** A user counts as online when active within this many minutes. */
export const onlineWindowMinutes = 5;

/** The web app reports activity this often, ms (spec 1 §9). */
export const lastActivePingMs = 300_000;
