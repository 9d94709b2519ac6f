// "Last updated 10:42": when a list on screen was loaded, to the minute; with the day when it was not today.
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const withDay = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

export function lastUpdatedWords(loadedAt: number, now: number = Date.now()): string {
  const loaded = new Date(loadedAt);
  const sameDay = loaded.toDateString() === new Date(now).toDateString();
  return `Last updated ${(sameDay ? timeOnly : withDay).format(loaded)}`;
}
