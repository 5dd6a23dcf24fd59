// Keyboard buttons made of SVG elements (locations, stacks, blocks): Enter or Space acts, as on a
// <button>. SVG elements take attributes as written, so they get `tabindex` in lower case (Preact
// would set a `tabIndex` attribute, which SVG ignores, and the element would not be focusable).
export const keyed = (f: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    e.stopPropagation();
    f();
  }
};
