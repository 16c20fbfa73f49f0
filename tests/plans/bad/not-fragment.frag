<plan name="y">
</plan>
