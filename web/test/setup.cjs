// jsdom lacks TextEncoder/TextDecoder, which react-router needs.
const { TextEncoder, TextDecoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
// jsdom has no fetch: any request a test did not stub fails loudly instead of reaching the network.
if (typeof globalThis.fetch === 'undefined') {
  globalThis.fetch = () => Promise.reject(new Error('fetch is not stubbed in this test'));
}
// jsdom lacks structuredClone, which the charts' gesture handling uses (browsers and Node have it).
if (typeof globalThis.structuredClone === 'undefined') {
  const v8 = require('node:v8');
  globalThis.structuredClone = (value) => v8.deserialize(v8.serialize(value));
}
