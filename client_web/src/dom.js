// A tiny element builder: h("button", {class: "x", onclick}, "text", child).
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style") el.style.cssText = value; // CSSOM, which a strict CSP allows
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Element ids for one board: the live game's own ids, or ids with a prefix for a second
 * board on the same page (the learn pages' examples). */
export function scoped(scope) {
  return (name) => (scope ? `${scope}${name}` : name);
}

/** A form's own error line, shown next to the form it belongs to (never at the top of the
 * page, out of sight of the button just pressed): ``role="alert"`` so it is read out, and
 * each of ``fields`` names it in ``aria-describedby``. ``show(text)`` writes it (and
 * brings it into view), ``clear()`` empties it. One pattern for every form. */
export function formError(id, ...fields) {
  const el = h("p", { class: "refusal form-error", role: "alert", id, hidden: true });
  for (const field of fields) {
    const had = (field.getAttribute("aria-describedby") || "").split(" ").filter((x) => x && x !== id);
    field.setAttribute("aria-describedby", [...had, id].join(" "));
  }
  return {
    el,
    show(text) {
      el.textContent = text;
      el.hidden = !text;
      if (text) el.scrollIntoView({ block: "nearest" });
    },
    clear() {
      el.textContent = "";
      el.hidden = true;
    },
  };
}

/** Whether ``event`` is the second (or a later) click of a double click: the same press as
 * the first, whose answer a quick server may have sent (and whose wait may be over) before the
 * second click comes, a tenth of a second or so later. */
export const repeatedClick = (event) => event?.type === "click" && event.detail > 1;

/** Buttons that act once until answered: ``waits(action)`` is an event handler that runs
 * ``action(event)`` unless an action of the same group is still waiting for its answer (a
 * tap on another of the group's buttons meanwhile), or it is the second click of a double
 * click (:func:`repeatedClick`); the button pressed is disabled until the answer comes. */
export function answerGroup() {
  let busy = false;
  return (action) => async (event) => {
    // (a form's second submit must not reload the page)
    if (busy || repeatedClick(event)) return event?.preventDefault();
    busy = true;
    const pressed = event?.submitter ?? event?.currentTarget; // a form's: its submit button
    const button = pressed instanceof HTMLButtonElement ? pressed : {};
    button.disabled = true;
    try {
      await action(event);
    } finally {
      busy = button.disabled = false;
    }
  };
}
