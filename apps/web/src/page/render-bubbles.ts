/**
 * Shows `bubbles` in `list`, one `<li class="bubble">` each, changing only what changed: a growing
 * bubble's text is replaced, a new bubble appended, and bubbles no longer in the list removed
 * (all of them for the `[]` of a withdrawn preview).
 */
export function renderBubbles(list: HTMLOListElement, bubbles: readonly string[]): void {
  bubbles.forEach((text, index) => {
    const item = list.children.item(index);
    if (item === null) {
      const bubble = document.createElement('li');
      bubble.className = 'bubble';
      bubble.textContent = text;
      list.append(bubble);
    } else if (item.textContent !== text) {
      item.textContent = text;
    }
  });
  while (list.children.length > bubbles.length) list.lastElementChild?.remove();
}
