import { checkPlanFields, type PlanFields, type PlanInput, type PlanProblem } from '@switchboard/contract';
import { AppError } from '../../platform/errors';
import { fill, type Text } from '../../platform/text';
import { messages } from '../../platform/i18n/catalogue';

export { planInputSchema, type PlanFields, type PlanInput } from '@switchboard/contract';

function problemText(problem: PlanProblem): Text {
  return problem.kind === 'groupUnknown'
    ? fill(messages.subscription.groupUnknown, { group: problem.group })
    : messages.subscription[problem.kind];
}

/** The plan's fields by the contract's rules; a bad one is refused with its message. */
export function checkedPlan(input: PlanInput, groups: Record<string, unknown>): PlanFields {
  const checked = checkPlanFields(input, groups);
  if ('problem' in checked) throw new AppError(problemText(checked.problem));
  return checked.fields;
}
