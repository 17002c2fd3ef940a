// The plan chooser lives in features/plans (shared by /pricing and the Balance screen's choose-plan modal).
export { PlanChooser, type PlanChooserProps } from '../plans/PlanChooser';
