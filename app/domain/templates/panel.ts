/** What the entry form's «Usar plantilla» panel shows: the choices, the chosen template's inputs and the outcome. */

export interface TemplateChoice {
  id: string;
  name: string;
}

export interface TemplateTypedLine {
  /** The template line's index: the input is `typed[index]`. */
  index: number;
  label: string;
}

export interface ChosenTemplate {
  id: string;
  name: string;
  usesBase: boolean;
  typedLines: TemplateTypedLine[];
  /** What was typed (or the defaults), to show again. */
  values: { date: string; base: string; typed: Record<string, string> };
  /** Field name (`date`, `base`, `typed[2]`) → message; `""` for the whole form. */
  errors: Record<string, string>;
  applied: boolean;
  notice: string | null;
}

export interface TemplatePanelData {
  choices: TemplateChoice[];
  chosen: ChosenTemplate | null;
  /** Changes whenever a template fills the form, so the form starts over from the filled values. */
  formKey: string;
}
