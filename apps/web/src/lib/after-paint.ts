// Work put off until the browser has painted what is on the page now.

/** Runs `run` after the next paint (a task queued from the frame callback runs after it); returns the cancel. */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
