/**
 * JSON to place inside an HTML <script> element: no `</script>`, `<!--` or line separator in the data can end the
 * element or break the script (the server writes the page data and the site content this way).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
