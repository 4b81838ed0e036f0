package dev.agentbench.core.kind;

import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.script.Script;
import dev.agentbench.mockclient.MockAdmin;
import dev.agentbench.core.measure.PassSettings;

/**
 * What the parent hands a kind after one of its forks' JVMs has ended.
 *
 * @param cell the cell
 * @param script the script the fork ran against, as the benchmark gives it (not as held)
 * @param scriptName the name the mock knows the script by
 * @param passes the run's pass settings
 * @param mock the mock's admin API
 * @param preparedTurns how many of the script's turns, from its first, each session played untimed
 *     ({@link dev.agentbench.api.Benchmark#preparedTurns()})
 */
public record ParentFork(PlannedCell cell, Script script, String scriptName, PassSettings passes, MockAdmin mock,
        int preparedTurns) {}
