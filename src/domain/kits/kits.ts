/**
 * Kits and lab orders (spec 1 §2 Manage Lab Order / Shipping Manifest / Kit detail, §3, §4 lab kit flow,
 * §5 lab action modals, §7 kits and lab orders), shared by the server and the portal, in four modules:
 * kit-flow (texts, state machine, scope of kit actions), kit-compendium (care locations, labs, compendium),
 * kit-requests (request shapes) and kit-responses (response shapes, derived values). Import from here or from them.
 */
export * from './kit-flow';
export * from './kit-compendium';
export * from './kit-requests';
export * from './kit-responses';
