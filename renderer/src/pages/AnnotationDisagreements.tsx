import type { AnnotationDisagreement, AnnotationInfo } from '../../../shared/api/contract';
import { counted } from '../format';
import { href } from '../links';

/** Items whose annotators gave different labels: each one's label, the majority, and the episode to read. */
export function AnnotationDisagreements({ items, info }: { items: AnnotationDisagreement[]; info: AnnotationInfo }) {
  const name = (id: string | null) => (id === null ? 'tie' : id === 'ambiguous' ? 'ambiguous' : (info.labels.find((l) => l.id === id)?.label ?? id));
  const annotators = [...new Set(items.flatMap((d) => d.verdicts.map((v) => v.annotator)))].sort((a, b) => a.localeCompare(b));
  return (
    <>
      <h2 id="disagreements-title">Disagreements</h2>
      {items.length === 0 ? (
        <p className="meta" data-testid="no-disagreements">No item has annotators giving different {info.labelNoun}s.</p>
      ) : (
        <>
          <p className="meta">
            {counted(items.length, 'item')} where annotators differ; the majority is the item's correct {info.labelNoun} (an even split is a tie and is left out)
            unless a third person ruled on it: a ruling decides the item, and is not counted as a vote.
          </p>
          <div className="table-scroll">
            <table className="data" data-testid="disagreements" aria-labelledby="disagreements-title">
              <thead>
                <tr>
                  <th scope="col" className="num">Item</th>
                  <th scope="col">Where</th>
                  <th scope="col">{info.producer.charAt(0).toUpperCase() + info.producer.slice(1)} said</th>
                  {annotators.map((a) => <th key={a} scope="col">{a}</th>)}
                  <th scope="col">Majority</th>
                  <th scope="col">Ruling</th>
                </tr>
              </thead>
              <tbody>
                {items.map((d) => (
                  <tr key={d.itemId} data-testid="disagreement">
                    <td className="num">#{d.position}</td>
                    <td>
                      {d.instance} · <a href={href.episode(d.episodeId)}>episode {d.episodeId}</a>, round {d.round}
                    </td>
                    <td>{name(d.label)}</td>
                    {annotators.map((a) => {
                      const v = d.verdicts.find((x) => x.annotator === a);
                      return <td key={a}>{v ? name(v.answer) : <span className="meta">not labelled</span>}</td>;
                    })}
                    <td>{name(d.majority)}</td>
                    <td data-testid="ruling-cell">{d.ruling ? <><strong>{name(d.ruling.answer)}</strong> <span className="meta">(adjudicated by {d.ruling.adjudicator})</span></> : <span className="meta">none</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
