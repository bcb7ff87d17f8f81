// `object.entries` for the browser build: every browser the portal supports has Object.entries, so node-polyglot's
// polyfill package (and its get-intrinsic / define-properties tree) is replaced by the built-in (vite.config.ts).
module.exports = Object.entries;
