/** The WebSocket subprotocol of Action Cable's JSON client, and the one it shows itself out on. */
export const CABLE_PROTOCOL = 'actioncable-v1-json';
export const CABLE_UNSUPPORTED_PROTOCOL = 'actioncable-unsupported';
