// Keeps secrets and hostile server text out of messages and logs: redacts the API key and reduces
// any text that came from the network to one short printable line.

const REDACTED = '[redacted]';
/** Keys shorter than this are not redacted: replacing one or two letters everywhere would wreck every sentence. */
const MIN_REDACTED_LENGTH = 4;

export type Redactor = (text: string) => string;

export function createRedactor(secrets: readonly string[]): Redactor {
  const targets = secrets.filter((secret) => secret.length >= MIN_REDACTED_LENGTH);
  return (text) =>
    targets
      .reduce((result, secret) => result.split(secret).join(REDACTED), text)
      // A server that quotes our headers back gets the header's name hidden too, not only the key.
      .replace(/x-api-key/gi, REDACTED);
}

/** C0, DEL, C1 and the JS line separators: stripped so server text cannot forge lines in logs. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line, printable, at most `max` characters: server text ends up inside our own sentences. */
export function tidyServerText(text: string, max = 200): string {
  const oneLine = text.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}
