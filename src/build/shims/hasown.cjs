// `hasown` for the browser build: Object.hasOwn is built into every browser the portal supports (vite.config.ts).
module.exports = Object.hasOwn;
