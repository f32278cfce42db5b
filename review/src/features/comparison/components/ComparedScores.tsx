import type { ComparedScore } from '../lib/compared-ratings.ts';

const teamFigure = ({ team }: ComparedScore): string =>
  team && team.count > 0
    ? `team ${team.mean.toFixed(1)} from ${team.count}${team.discuss ? ', discuss: 2 points or more apart' : ''}`
    : 'team none yet';

/** Under a compared answer (or the video): each criterion about it, the reviewer's score and the team's. */
export function ComparedScores({ scores }: { scores: ComparedScore[] }) {
  if (scores.length === 0) return null;
  return (
    <ul className="compared-scores" aria-label="Scores">
      {scores.map((score) => (
        <li key={score.name}>
          {score.name}: you {score.mine ?? 'none'}, {teamFigure(score)}
        </li>
      ))}
    </ul>
  );
}
