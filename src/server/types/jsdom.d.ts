// The slice of jsdom the server uses (a window for DOMPurify); avoids pulling @types/jsdom.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
