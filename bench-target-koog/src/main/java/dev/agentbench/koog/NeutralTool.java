package dev.agentbench.koog;

import ai.koog.agents.core.tools.Tool;
import ai.koog.serialization.JSONElement;
import ai.koog.serialization.JSONObject;
import ai.koog.serialization.JSONSerializer;
import ai.koog.serialization.TypeToken;
import dev.agentbench.api.ToolDefinition;
import dev.agentbench.api.ToolFunction;
import java.util.List;
import java.util.Map;
import kotlin.coroutines.Continuation;
import kotlinx.coroutines.BuildersKt;
import kotlinx.coroutines.Dispatchers;

/**
 * One of the context's tools as a Koog {@link Tool}. Koog's own tools decode their arguments into a
 * typed value and encode their result from one; ours are JSON in, JSON out, so the argument type is
 * the argument text and the result type the result text:
 *
 * <ul>
 *   <li>{@link #decodeArgs} writes the JSON object Koog parsed from the model's arguments back to text
 *       with the agent's serializer (Koog has re-encoded the model's argument text already, when it
 *       read the reply: the text is equal as JSON, not byte for byte);
 *   <li>{@link #encodeResultToString} returns the tool's text as it is, which is what Koog sends to
 *       the model; {@link #encodeResult} parses it for Koog's events.
 * </ul>
 *
 * <p>Its {@link ai.koog.agents.core.tools.ToolDescriptor} is the tool's JSON schema translated by
 * {@link ToolDescriptors}.
 *
 * <p>A tool that throws is left to Koog, whose environment turns any exception from {@code execute}
 * into a failed result ({@code "Tool with name '<name>' failed to execute due to the error:
 * <message>!"}, {@code isError = true}) and goes on with the turn. A checked exception is wrapped
 * with its own message, since Koog's {@code execute} declares none.
 *
 * <p>With {@link KoogOptions.ToolDispatch#IO} the tool's body runs in {@code withContext(Dispatchers.IO)};
 * otherwise in the coroutine Koog calls {@code execute} in.
 */
final class NeutralTool extends Tool<String, String> {

    private final ToolFunction function;
    private final boolean onIo;

    NeutralTool(ToolDefinition tool, KoogOptions.ToolDispatch dispatch) {
        super(TypeToken.Companion.of(String.class), TypeToken.Companion.of(String.class),
                ToolDescriptors.of(tool.name(), tool.description(), tool.parameters()), Map.of());
        this.function = tool.function();
        this.onIo = dispatch == KoogOptions.ToolDispatch.IO;
    }

    static List<NeutralTool> of(List<ToolDefinition> tools, KoogOptions.ToolDispatch dispatch) {
        return tools.stream().map(tool -> new NeutralTool(tool, dispatch)).toList();
    }

    @Override
    public String decodeArgs(JSONObject rawArgs, JSONSerializer serializer) {
        return serializer.encodeJSONElementToString(rawArgs);
    }

    @Override
    public JSONObject encodeArgs(String args, JSONSerializer serializer) {
        return (JSONObject) serializer.decodeJSONElementFromString(args);
    }

    @Override
    public JSONElement encodeResult(String result, JSONSerializer serializer) {
        return serializer.decodeJSONElementFromString(result);
    }

    @Override
    public String encodeResultToString(String result, JSONSerializer serializer) {
        return result;
    }

    @Override
    public Object execute(String args, Continuation<? super String> continuation) {
        if (onIo) {
            return BuildersKt.withContext(Dispatchers.getIO(), (scope, inner) -> call(args), continuation);
        }
        return call(args);
    }

    private String call(String args) {
        try {
            return function.call(args);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new ToolFailedException(e);
        }
    }

    /** A tool's checked exception, carried through Koog's {@code execute}, which declares none. */
    static final class ToolFailedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ToolFailedException(Exception cause) {
            super(cause.getMessage(), cause);
        }
    }
}
