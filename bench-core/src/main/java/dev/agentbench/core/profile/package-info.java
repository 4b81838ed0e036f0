/** Internal: a profile fork's JFR recording and its summary by package group. Not an API; may change in any release. */
package dev.agentbench.core.profile;
