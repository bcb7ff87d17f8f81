/** @photonhealth/elements registers Photon's custom elements on import; its package exports no types for bundlers. */
declare module '@photonhealth/elements';
