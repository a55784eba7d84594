import { checkPlanFields, type PlanFields, type PlanInput, type PlanProblem } from '@switchboard/contract';
import { AppError } from '../../platform/errors';
import { fill, type Text } from '../../platform/text';
import { subscriptionMessages as text } from './messages';

export { planInputSchema, type PlanFields, type PlanInput } from '@switchboard/contract';

function problemText(problem: PlanProblem): Text {
  return problem.kind === 'groupUnknown' ? fill(text.groupUnknown, { group: problem.group }) : text[problem.kind];
}

/** The plan's fields by the contract's rules; a bad one is refused with its message. */
export function checkedPlan(input: PlanInput, groups: Record<string, unknown>): PlanFields {
  const checked = checkPlanFields(input, groups);
  if ('problem' in checked) throw new AppError(problemText(checked.problem));
  return checked.fields;
}
