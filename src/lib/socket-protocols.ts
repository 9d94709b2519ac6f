// The WebSocket subprotocols the page offers the host: the app's, and its session (host-auth.ts reads it).
export const SOCKET_PROTOCOL = 'jrs';
export const SESSION_PROTOCOL_PREFIX = 'jrs.session.';
