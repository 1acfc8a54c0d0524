/**
 * The steps of a form whose ui-schema asks for them (`"ui:options": { "steps": true }`): MUI's Stepper, loaded only by
 * such forms (it brings its roving focus helpers; a sign-in form has no steps).
 */
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';

export interface FormStepsProps {
  titles: readonly string[];
  active: number;
}

export default function FormSteps({ titles, active }: FormStepsProps) {
  return (
    <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }} aria-label="Form steps">
      {titles.map((title, i) => (
        <Step key={title} completed={i < active}>
          <StepLabel>{title}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
