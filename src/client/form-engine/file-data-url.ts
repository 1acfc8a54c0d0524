/** Helpers for the file fields' value: a `data:` URL carrying the file name (RJSF's file representation). */

/** Inserts `name=<file name>` into a `data:` URL, as RJSF's own file widget does. */
export function addNameToDataUrl(dataUrl: string, name: string): string {
  return dataUrl.replace(';base64', `;name=${encodeURIComponent(name)};base64`);
}

/** Reads the file name out of a `data:` URL made by `addNameToDataUrl` (undefined when there is none). */
export function fileNameOf(value: string): string | undefined {
  const m = /^data:[^;,]*;name=([^;,]*)[;,]/.exec(value);
  return m ? decodeURIComponent(m[1]!) : undefined;
}

/** Reads a browser `File` as a named `data:` URL, reporting progress from 0 to 1. */
export function readFileAsDataUrl(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.onload = () => resolve(addNameToDataUrl(String(reader.result), file.name));
    reader.readAsDataURL(file);
  });
}
