// The page's session with the browser host: handed over once in the address's fragment (`#session=…`, which
// no request carries) right after sign-in, then kept in this tab's sessionStorage (its origin includes the
// host's port, unlike cookies) and taken out of the address bar and history.

const KEY = 'jrs.session';
const FRAGMENT = /^#session=([\w-]{1,200})$/;

export interface SessionPlace {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  history: Pick<History, 'replaceState' | 'state'>;
}

/** This tab's session: from the address's fragment (then removed from it) or kept from before; or null. */
export function takePageSession(place: SessionPlace): string | null {
  const given = FRAGMENT.exec(place.location.hash)?.[1];
  if (given) {
    place.storage.setItem(KEY, given);
    place.history.replaceState(place.history.state, '', `${place.location.pathname}${place.location.search}`);
  }
  return place.storage.getItem(KEY);
}

/** This tab's session as kept, without looking at the address (the page that lost its host asks again). */
export function keptPageSession(storage: Pick<Storage, 'getItem'>): string | null {
  return storage.getItem(KEY);
}
