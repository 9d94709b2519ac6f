// The name a person's submissions carry in a team's history until they choose one: who they are on this
// computer, and which computer (the OS user at the host).
import { hostname, userInfo } from 'node:os';

export function defaultDisplayName(): string {
  try {
    return `${userInfo().username}@${hostname()}`;
  } catch {
    // No user name to be had (a user without a passwd entry in a container): the host alone.
    return hostname();
  }
}
