// node-polyglot (under react-admin's translations) requires the object.entries polyfill, which
// brings some twenty helper packages; every browser we support has Object.entries (vite.config.ts).
module.exports = Object.entries;
