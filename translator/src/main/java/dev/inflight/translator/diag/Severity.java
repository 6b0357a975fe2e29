package dev.inflight.translator.diag;

/** How bad a diagnostic is: errors stop the pipeline, warnings and notes do not. */
public enum Severity {
  ERROR("error"),
  WARNING("warning"),
  NOTE("note");

  private final String label;

  Severity(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
