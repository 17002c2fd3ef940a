export { WellnessBlockDrawer, WellnessBlockDrawerRoute } from './WellnessBlockDrawer';
export { WellnessBlocksList } from './WellnessBlocksList';
