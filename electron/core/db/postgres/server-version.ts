// The PostgreSQL versions the team history runs on, and the server's own number said in words.

/** PostgreSQL 15: the oldest release its makers still support, and the one the tests run on. */
export const MINIMUM_SERVER_VERSION = 150000;

/** `server_version_num` (e.g. 150018, or 90624 before version 10) as a person knows it: "15.18", "9.6.24". */
export function versionWords(versionNum: number): string {
  const major = Math.floor(versionNum / 10000);
  if (major >= 10) return `${major}.${versionNum % 10000}`;
  return `${major}.${Math.floor(versionNum / 100) % 100}.${versionNum % 100}`;
}

/** The major version a threshold asks for, in words ("15"). */
export function minimumWords(minimum: number): string {
  return minimum >= 100000 ? String(Math.floor(minimum / 10000)) : versionWords(minimum);
}

/** `SHOW server_version_num`'s answer as a number; anything else is not a PostgreSQL answer. */
export function parseVersionNum(answer: unknown): number | null {
  if (typeof answer !== 'string' || !/^\d{5,6}$/.test(answer)) return null;
  return Number(answer);
}
