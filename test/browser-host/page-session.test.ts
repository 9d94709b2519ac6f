// The page takes its session from the address's fragment once, keeps it in the tab's sessionStorage and
// takes it out of the address (and so out of the history); a fragment of another shape is not a session.
import { expect, it } from 'vitest';
import { takePageSession } from '../../src/lib/page-session';

function place(hash: string, stored: string | null = null) {
  const storage = new Map<string, string>(stored ? [['jrs.session', stored]] : []);
  const replaced: string[] = [];
  return {
    replaced,
    place: {
      location: { hash, pathname: '/', search: '' },
      storage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => void storage.set(key, value),
      },
      history: {
        state: null,
        replaceState: (_s: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)),
      },
    },
  };
}

it('takes the session from the fragment and clears the address', () => {
  const { place: where, replaced } = place('#session=abc-DEF_123');
  expect(takePageSession(where)).toBe('abc-DEF_123');
  expect(replaced).toEqual(['/']);
});

it('keeps the tab’s session across a reload, and has none without one', () => {
  expect(takePageSession(place('', 'kept').place)).toBe('kept');
  expect(takePageSession(place('').place)).toBeNull();
  const odd = place('#session=<script>');
  expect(takePageSession(odd.place)).toBeNull();
  expect(odd.replaced).toEqual([]);
});
