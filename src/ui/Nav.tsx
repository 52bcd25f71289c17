import { VIEWS } from './views';

/** Links between the views; the current one is marked with aria-current. */
export function Nav({ current }: { current: string }) {
  return (
    <nav aria-label="Views" className="nav">
      {VIEWS.map((v) => (
        <a key={v.id} href={`#${v.id}`} aria-current={v.id === current ? 'page' : undefined}>
          {v.label}
        </a>
      ))}
    </nav>
  );
}
