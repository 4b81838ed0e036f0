package dev.agentbench.api;

/** The body of a {@link ToolDefinition}: JSON arguments in, JSON result out. */
@FunctionalInterface
public interface ToolFunction {

    /**
     * Runs the tool.
     *
     * @param arguments the call's arguments as a JSON object, as text
     * @return the result as JSON text
     * @throws Exception when the arguments are invalid or the tool fails; a target reports this to
     *     the model as an error result
     */
    String call(String arguments) throws Exception;
}
