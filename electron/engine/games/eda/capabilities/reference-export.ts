import { provide } from '../../../core/capability';
import edaGame from '../game';
import { edaReferenceFiles } from '../reference-files';

export default provide(edaGame, 'reference-export', [{ id: 'eda-txt', title: "the EDA reference harness's game files, one <entity>.txt per game (its eval_result.py reads them)", files: edaReferenceFiles }]);
