// Keyed rendering for the pages a patch changes (a table, a solitaire board, a replay, the
// live examples): views are described as Preact virtual nodes and Preact updates only the
// elements whose description changed. An element that stays keeps its focus, its running
// animation and its place, so nothing has to be saved and restored around a redraw.
//
// ``h`` takes the same arguments as dom.js's builder (so a view reads the same either way):
// ``dataset`` becomes data-* attributes, and ``false`` leaves an attribute out.
import { Fragment, h as vnode, render } from "preact";

const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function h(tag, attrs = {}, ...children) {
  const props = {};
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "dataset") {
      for (const [name, v] of Object.entries(value || {})) if (v != null) props[`data-${kebab(name)}`] = String(v);
    } else {
      props[key] = value === false ? null : value;
    }
  }
  return vnode(tag, props, ...children);
}

/** Make ``root`` show ``children``, changing only what differs from what it shows. */
export function draw(root, ...children) {
  render(vnode(Fragment, null, ...children), root);
}

/** Forget what ``root`` showed (the page moves on). */
export function undraw(root) {
  render(null, root);
}
