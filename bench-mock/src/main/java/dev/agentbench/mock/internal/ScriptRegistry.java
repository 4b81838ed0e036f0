package dev.agentbench.mock.internal;

import dev.agentbench.api.script.Script;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** The registered scripts by name, rendered; shared by every event loop. */
public final class ScriptRegistry {

    private final ConcurrentMap<String, RenderedScript> scripts = new ConcurrentHashMap<>();
    private final Renderer renderer;

    public ScriptRegistry(Renderer renderer) {
        this.renderer = renderer;
    }

    /** Renders and registers {@code script}, replacing one of the same name; whether it replaced one. */
    public boolean register(Script script) {
        return register(script, 0);
    }

    /**
     * As {@link #register(Script)}, its load counters timing the replies of the turns from {@code
     * timedFromTurn} (from 0) on ({@link Renderer#render(Script, int)}).
     */
    public boolean register(Script script, int timedFromTurn) {
        return scripts.put(script.name(), renderer.render(script, timedFromTurn)) != null;
    }

    /** Whether a script of that name was registered. */
    public boolean remove(String name) {
        return scripts.remove(name) != null;
    }

    /** The script of that name, or {@code null}. */
    public RenderedScript get(String name) {
        return scripts.get(name);
    }

    /** The registered names, sorted. */
    public List<String> names() {
        return scripts.keySet().stream().sorted().toList();
    }

    public int size() {
        return scripts.size();
    }

    public Renderer renderer() {
        return renderer;
    }
}
