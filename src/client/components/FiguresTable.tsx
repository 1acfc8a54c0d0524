/**
 * A public page's label/value table (the project's figures, the owner's repayment record): plain HTML and site.css's
 * `.figures`, no MUI, so it costs a server-rendered page nothing to load. Signed-in screens use DetailList.
 */
import type { ReactNode } from 'react';

export default function FiguresTable({ label, rows }: { label: string; rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <table aria-label={label} className="figures">
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
