// One pointer drag for every board (the Gin Rummy hand, the solitaire piles, the learn pages'
// examples): mouse, pen and touch alike. A press that moves less than THRESHOLD pixels is a
// tap (its click goes through); past it, the pressed elements follow the pointer, and the
// click the browser sends after the release is swallowed (it is not a tap).
const THRESHOLD = 6;

/**
 * Start following the pointer from ``event`` (a pointerdown). ``elements`` are moved with it;
 * at the release, ``drop(event)`` is called if the pointer moved (the elements are back in
 * their places by then, and ``event`` says where the pointer was let go).
 */
export function follow(event, elements, drop) {
  if (event.button !== 0) return;
  const x = event.clientX;
  const y = event.clientY;
  let moved = false;

  function move(e) {
    const dx = e.clientX - x;
    const dy = e.clientY - y;
    if (!moved && Math.abs(dx) + Math.abs(dy) < THRESHOLD) return;
    moved = true;
    for (const el of elements) {
      el.classList.add("dragging");
      el.style.translate = `${dx}px ${dy}px`;
    }
  }

  function up(e) {
    // Listened to on the window, not captured: a capture would send a tap's click to the
    // element held instead of the one under the finger.
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", up);
    active = null;
    if (!moved) return;
    for (const el of elements) {
      el.classList.remove("dragging");
      el.style.translate = "";
    }
    swallowNextClick();
    if (e.type === "pointerup") drop(e);
  }

  active?.();
  active = () => up({ type: "pointercancel" });
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
}

let active = null; // ends the drag under way: one pointer drags at a time

/** End any drag under way without a drop (the page moves on). */
export function cancelDrag() {
  active?.();
}

/** The click the browser sends after a drag's release (on the element under the pointer, if
 * it is the one pressed or holds it) is not a tap: it is stopped before any handler sees it.
 * A click comes right after the release, in the same task, or not at all: so the stopper
 * goes away at the next task. */
function swallowNextClick() {
  const stop = (e) => {
    e.stopPropagation();
    e.preventDefault();
  };
  window.addEventListener("click", stop, { capture: true, once: true });
  setTimeout(() => window.removeEventListener("click", stop, { capture: true }), 0);
}

/** The element under the point (x, y) that a drop there means: not one of ``elements`` (the
 * ones dragged), and not a card still sliding to its place (it is drawn where it was, over
 * what is really there; it is hit where it lands once it has). */
export function under(x, y, elements) {
  const flying = (el) => el.closest(".card")?.getAnimations().some((a) => a.playState !== "finished");
  return document.elementsFromPoint(x, y).find((el) => !elements.some((d) => d.contains(el)) && !flying(el)) ?? null;
}
