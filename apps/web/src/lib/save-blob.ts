// Saves a fetched file under a name. The console's downloads need their bearer token in a header, so
// a plain link cannot fetch them: the file comes as a blob and is saved through an object URL.
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; revoke on the next turn so it has the URL.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Today's date for a file name: `orders-2026-11-27.csv`. */
export const fileDate = (): string => new Date().toISOString().slice(0, 10);
