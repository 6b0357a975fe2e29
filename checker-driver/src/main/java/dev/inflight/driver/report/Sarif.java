package dev.inflight.driver.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * The part of SARIF 2.1.0 that {@link SarifReport} writes, as typed records (serialized by Jackson,
 * absent members left out). Names follow the OASIS schema.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Sarif(@JsonProperty("$schema") String schema, String version, List<Run> runs) {

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Run(Tool tool, List<Invocation> invocations, Map<String, ArtifactLocation> originalUriBaseIds, List<Result> results) {}

  public record Tool(Driver driver) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Driver(String name, String semanticVersion, String version, String fullName, List<Rule> rules) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Rule(String id, String name, Text shortDescription, Text fullDescription, Text help,
      Configuration defaultConfiguration, Tags properties) {}

  public record Text(String text) {}

  public record Configuration(String level) {}

  public record Tags(List<String> tags) {}

  public record Invocation(boolean executionSuccessful, int exitCode) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Result(String ruleId, int ruleIndex, String level, Text message, List<Location> locations, List<CodeFlow> codeFlows,
      Map<String, String> partialFingerprints) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Location(PhysicalLocation physicalLocation, Text message) {}

  public record PhysicalLocation(ArtifactLocation artifactLocation, Region region) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ArtifactLocation(String uri, String uriBaseId) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Region(int startLine, Integer startColumn, Integer endLine, Integer endColumn, Text snippet) {}

  public record CodeFlow(Text message, List<ThreadFlow> threadFlows) {}

  public record ThreadFlow(Text message, List<ThreadFlowLocation> locations) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ThreadFlowLocation(int executionOrder, int nestingLevel, List<String> kinds, String importance, Location location) {}
}
