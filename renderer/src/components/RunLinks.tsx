import { href } from '../links';

/** "Run #3" or "Runs #3, #4", each a link to its run page. */
export function RunLinks({ runIds }: { runIds: readonly number[] }) {
  return (
    <>
      Run{runIds.length > 1 ? 's' : ''} {runIds.map((id, i) => <span key={id}>{i ? ', ' : ''}<a href={href.run(id)}>#{id}</a></span>)}
    </>
  );
}
