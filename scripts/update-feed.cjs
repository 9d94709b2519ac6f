// electron-builder's `publish` setting, from the environment at build time (electron-builder.yml extends this
// file). JRS_UPDATE_URL set: a generic feed at that address, so electron-builder writes resources/app-update.yml
// and the app looks there for updates. Unset or empty: no feed (publish: null, no app-update.yml), and the app
// says it was built without one. A `${env.JRS_UPDATE_URL}` macro in the YAML cannot do this: electron-builder
// stops the whole build when the variable is unset.
'use strict';

/** @returns {{ publish: null | Array<{ provider: 'generic'; url: string }> }} */
function updateFeedConfig(env = process.env) {
  const url = (env.JRS_UPDATE_URL ?? '').trim();
  if (url === '') return { publish: null };
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`JRS_UPDATE_URL is not an address: ${url}`);
  }
  // An update replaces the app, and over plain http anyone on the network could serve their own latest*.yml
  // (its checksum included): https only, http only for this computer (the app's rule, shared/domain/urls.ts).
  const loopback = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i.test(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback))
    throw new Error(
      `JRS_UPDATE_URL must be an https address (http only for this computer), not ${parsed.protocol}//${parsed.host}`,
    );
  return { publish: [{ provider: 'generic', url }] };
}

module.exports = () => updateFeedConfig();
module.exports.updateFeedConfig = updateFeedConfig;
