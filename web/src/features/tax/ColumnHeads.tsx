// The money columns' headers of the tax registers: Marathi, with the English under it.
export default function ColumnHeads<K extends string>({ columns }: { columns: { key: K; mr: string; en: string }[] }) {
  return (
    <>
      {columns.map((c) => (
        <th key={c.key} scope="col">
          {c.mr}
          <br />
          <small>{c.en}</small>
        </th>
      ))}
    </>
  );
}
