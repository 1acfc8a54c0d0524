/** A person's initials (at most two letters), drawn in a circle by `Initials`. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** A person's initials in a circle (as Material's Avatar draws a text child). */
export function Initials({ name, className }: { name: string; className?: string }) {
  return (
    <span aria-hidden="true" className={className ? `initials ${className}` : 'initials'}>
      {initials(name)}
    </span>
  );
}
